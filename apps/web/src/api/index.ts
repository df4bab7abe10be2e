export { ApiError, api, apiFetch, type RequestOptions, serverMessageOr } from './client';
export { createQueryClient, PUBLIC_QUERY_ROOTS, removeUserQueries } from './queryClient';
