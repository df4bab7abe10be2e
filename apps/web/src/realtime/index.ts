export {
  currentFeedSocket,
  type FeedEvent,
  type FeedSocket,
  NO_TOKEN_WARNING,
  subscribeFeedEvent,
} from './feedSocket';
export { useNewPosts, usePostRemoved } from './useFeedEvents';
