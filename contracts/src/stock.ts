import type { Availability } from './products';

/** One product's stock as operators see it (`GET /admin/stock`, and each change's answer). */
export interface StockLevel {
  productId: string;
  slug: string;
  name: string;
  /** Units on hand: reserved by an order the moment it is placed, returned when it is cancelled. Never negative. */
  onHand: number;
  /** What shoppers see for this quantity. */
  availability: Availability;
}

/** `GET /admin/stock`: every catalogue product, in catalogue order. */
export interface AdminStockResponse {
  stock: StockLevel[];
}

/** The answer to `PUT /admin/stock/:productId` and `POST /admin/stock/:productId/adjust`. */
export interface StockLevelResponse {
  stock: StockLevel;
}

/** `PUT /admin/stock/:productId`: the quantity counted on the shelf. */
export interface SetStockBody {
  onHand: number;
}

/** `POST /admin/stock/:productId/adjust`: units received (positive) or written off (negative); never below zero. */
export interface AdjustStockBody {
  delta: number;
}
