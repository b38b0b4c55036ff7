export type Category = 'face' | 'body' | 'hair' | 'pack';

export interface Product {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: Category;
  /** Price in MAD. */
  price: number;
  /** Previous price in MAD when the product is on promotion. */
  oldPrice?: number;
  /** Image paths relative to the API host. At least one. */
  images: string[];
}

export interface ProductsResponse {
  products: Product[];
}

export interface ProductResponse {
  product: Product;
}
