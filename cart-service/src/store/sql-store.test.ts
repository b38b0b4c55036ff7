import { BACKINGS } from '../test-support/databases';
import { attemptCounterContract } from './attempt-counter.contract';
import { cartStoreContract } from './cart-store.contract';
import { catalogueStoreContract } from './catalogue-store.contract';
import { merchandisingStoreContract } from './merchandising-store.contract';
import { orderStoreContract } from './order-store.contract';
import { sessionClaimsContract } from './session-claims.contract';

// The one store implementation, on each database it runs on: the same SQL, the same expectations.
for (const [name, backing] of BACKINGS) {
  cartStoreContract(name, backing);
  orderStoreContract(name, backing);
  attemptCounterContract(name, backing);
  sessionClaimsContract(name, backing);
  catalogueStoreContract(name, backing);
  merchandisingStoreContract(name, backing);
}
