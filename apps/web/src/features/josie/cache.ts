import type { Josie } from '@josie/contract';
import type { QueryClient } from '@tanstack/react-query';
import { josieKeys } from './read';

/**
 * Puts a josie the server just answered into every cached place it shows: its own entry, and the
 * curator's list and the review queue when they hold it (removed from the queue once it left pending).
 */
export function storeJosie(queryClient: QueryClient, josie: Josie): void {
  queryClient.setQueryData(josieKeys.one(josie._id), josie);
  queryClient.setQueryData<Josie[]>(josieKeys.mine, (list) =>
    list?.map((item) => (item._id === josie._id ? josie : item)),
  );
  queryClient.setQueryData<Josie[]>(josieKeys.pending, (list) =>
    josie.status === 'pending'
      ? list?.map((item) => (item._id === josie._id ? josie : item))
      : list?.filter((item) => item._id !== josie._id),
  );
}
