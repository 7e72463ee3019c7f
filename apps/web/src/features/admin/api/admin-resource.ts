import { queryOptions } from '@tanstack/react-query';
import { api, type ResponseSchema } from '@/lib/api-client';

/**
 * The calls of an admin list kept at `path`: the list as a query under `key`, and the create,
 * update and delete of one item by id. A list's rows may be lighter than one item.
 */
export function adminResource<Row, Item, Create, Update>(
  path: string,
  key: readonly unknown[],
  schemas: { list: ResponseSchema<Row[]>; item: ResponseSchema<Item> },
) {
  const itemPath = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    itemPath,
    listQuery: () => queryOptions({ queryKey: key, queryFn: () => api.get(path, schemas.list) }),
    create: (body: Create): Promise<Item> => api.post(path, body, schemas.item),
    update: (id: string, body: Update): Promise<Item> => api.put(itemPath(id), body, schemas.item),
    remove: (id: string): Promise<void> => api.delete(itemPath(id)),
  };
}
