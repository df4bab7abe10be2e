export {
  currentFeedSocket,
  type FeedEvent,
  type FeedSocket,
  NO_TOKEN_WARNING,
  subscribeFeedEvent,
  subscribeFeedJoined,
} from './feedSocket';
export { useFeedJoined, useNewPosts, usePostRemoved } from './useFeedEvents';
