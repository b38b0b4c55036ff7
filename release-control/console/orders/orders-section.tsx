import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { formatPrice } from '@shop/contracts/money';
import { nextOrderStatuses, ORDER_STATUSES, type AdminOrdersResponse, type Order, type OrderResponse, type OrderStatus } from '@shop/contracts/orders';
import { ApiRefusal, callApi, formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { ConsoleTable } from '../shared/console-table';

/** The button that moves an order to each status. */
const MOVE_LABELS: Record<OrderStatus, string> = {
  reçue: 'Remettre en reçue',
  confirmée: 'Confirmer',
  expédiée: 'Expédier',
  livrée: 'Marquer livrée',
  annulée: 'Annuler',
};

interface Query {
  status: string;
  q: string;
}

const queryString = (query: Query, cursor?: string) => {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Orders (cart-service's, through the shell's server): filter, search, delivery details, and the allowed moves. */
export function OrdersSection() {
  const [draft, setDraft] = useState<Query>({ status: '', q: '' });
  const [query, setQuery] = useState<Query>({ status: '', q: '' });
  // Pages of the list for the query, the next one asked for with its cursor.
  const pages = useSWRInfinite<AdminOrdersResponse>(
    (index, previous: AdminOrdersResponse | null) => (index === 0 ? `/orders${queryString(query)}` : previous?.nextCursor ? `/orders${queryString(query, previous.nextCursor)}` : null),
    { revalidateFirstPage: false },
  );
  // Orders moved here, shown as they are now until the list is read again.
  const [moved, setMoved] = useState<Record<string, Order>>({});
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const busy = moving || pages.isValidating;
  const orders = pages.data?.flatMap((page) => page.orders).map((order) => moved[order.number] ?? order) ?? null;
  const next = pages.data?.at(-1)?.nextCursor ?? null;
  const listError = pages.error instanceof ApiRefusal ? pages.error.message : null;

  const move = async (order: Order, status: OrderStatus) => {
    setMoving(true);
    try {
      const { order: after } = await callApi<OrderResponse>(`/orders/${encodeURIComponent(order.number)}/status`, { method: 'POST', body: { status } });
      setMoved((shown) => ({ ...shown, [after.number]: after }));
      setNotice({ kind: 'done', text: `Commande ${after.number} : ${after.status}.` });
    } catch (error) {
      if (error instanceof ApiRefusal) setNotice({ kind: 'refused', text: error.message });
    } finally {
      setMoving(false);
    }
  };

  return (
    <>
      <form
        className={styles.filters}
        role="search"
        aria-label="Rechercher des commandes"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          setMoved({});
          setQuery({ ...draft });
        }}
      >
        <label className={styles.field}>
          <span>Statut</span>
          <select value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <option value="">Tous</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Numéro de commande ou téléphone</span>
          <input type="search" value={draft.q} maxLength={40} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
        </label>
        <button type="submit" className={styles.button} disabled={busy}>
          Rechercher
        </button>
      </form>
      <NoticeArea notice={listError ? { kind: 'refused', text: listError } : notice} />
      {orders && orders.length === 0 && <p>Aucune commande.</p>}
      {orders && orders.length > 0 && (
        <ConsoleTable caption="Commandes" columns={['Numéro', 'Passée le', 'Client', 'Téléphone', 'Livraison', 'Articles', 'Total', 'Statut', 'Actions']} scrolls>
          {orders.map((order) => (
            <tr key={order.number}>
              <td>{order.number}</td>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>{order.delivery.fullName}</td>
              <td>{order.delivery.phone}</td>
              <td>
                {order.delivery.city}, {order.delivery.address}
                {order.delivery.note && <span className={styles.muted}> — {order.delivery.note}</span>}
              </td>
              <td>
                {order.lines.map((line) => (
                  <div key={line.productId}>
                    {line.quantity} × {line.name}
                  </div>
                ))}
              </td>
              <td>{formatPrice(order.total)}</td>
              <td>{order.status}</td>
              <td>
                <div className={styles.actions}>
                  {nextOrderStatuses(order.status).map((status) => (
                    <button
                      key={status}
                      type="button"
                      className={status === 'annulée' ? styles.secondary : styles.button}
                      disabled={busy}
                      aria-label={`${MOVE_LABELS[status]} la commande ${order.number}`}
                      onClick={() => void move(order, status)}
                    >
                      {MOVE_LABELS[status]}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {next && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void pages.setSize(pages.size + 1)}>
          Commandes suivantes
        </button>
      )}
    </>
  );
}
