import { createCartDatabaseTemplate } from './cart-database-template';

/** Once before every spec: the database each stack's cart-service starts from (cart-database-template.ts). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return createCartDatabaseTemplate();
}
