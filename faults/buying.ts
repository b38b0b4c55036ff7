/**
 * Shoppers (faults/shopper.ts) buying through the fleet's public front until stopped, their requests recorded: the
 * load the database fault suite keeps on while it kills, fails over and restores.
 */
import { publicUrl, type FleetSettings } from '../deploy/fleet/fleet-plan';
import { Shopper, type RequestRecord } from './shopper';

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 10);

export class Buying {
  readonly records: RequestRecord[] = [];
  readonly shoppers: Shopper[];
  private running = true;
  private readonly loops: Promise<void>[];
  constructor(settings: FleetSettings, productIds: string[], firstId: number) {
    const base = `http://127.0.0.1:${settings.ports.public}`;
    const targets = { base, origin: publicUrl(settings.ports), manifests: [], productIds };
    this.shoppers = Array.from({ length: SHOPPERS }, (_, i) => new Shopper(firstId + i, targets, (r) => this.records.push(r)));
    this.loops = this.shoppers.map((s) => s.run(() => this.running));
  }
  /** Stops after each shopper's iteration: an order in flight gets its definite answer first. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
  orders = () => this.shoppers.flatMap((s) => s.orders.map((o) => o.number));
}

