export { ApiError, api, apiFetch, NETWORK_ERROR, type RequestOptions } from './client';
export { errorText, SHOWN_ERROR_CODES, type ShownErrorCode } from './errorText';
export { createQueryClient, PUBLIC_QUERY_ROOTS, removeUserQueries } from './queryClient';
