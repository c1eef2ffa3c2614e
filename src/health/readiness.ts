import { Injectable } from '@nestjs/common';

/**
 * Whether this instance should get new requests: false from SIGTERM on, while it keeps answering for
 * SHUTDOWN_DELAY_MS so the balancer, reading /api/health/ready, moves the traffic away before it drains.
 */
@Injectable()
export class Readiness {
  private draining = false;

  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }
}
