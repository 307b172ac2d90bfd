/**
 * A cap on requests being worked on at once: the cheap way to shed overload.
 * Taking a slot costs a counter, so a flood is refused before any signature,
 * database read or quote; and because it counts work under way rather than
 * requests per second, the steady load of a busy shop never meets it.
 */
export class InFlightLimit {
  private active = 0;

  constructor(private readonly max: number) {}

  /** A slot, or false when `max` requests are already under way. */
  tryEnter(): boolean {
    if (this.active >= this.max) return false;
    this.active += 1;
    return true;
  }

  leave(): void {
    this.active = Math.max(0, this.active - 1);
  }

  get inFlight(): number {
    return this.active;
  }
}
