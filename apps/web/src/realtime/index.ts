export {
  appFeedSocket,
  createFeedSocket,
  type FeedEvent,
  type FeedSocket,
  type FeedSocketHub,
  NO_TOKEN_WARNING,
  type SocketClientModule,
} from './feedSocket';
export {
  FeedSocketProvider,
  useCommentsChanged,
  useFeedEvent,
  useFeedJoined,
  useNewPosts,
  usePostRemoved,
} from './useFeedEvents';
