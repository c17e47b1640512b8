/**
 * Writes in rounds, at most one in flight, within one readwrite transaction (the payment blocks';
 * block-writer.ts uses it for transactions). A change asks for a round with `flush`; the round
 * starts when a cheap read issued at that moment completes. Requests in a transaction complete in the
 * order they were issued, so by then every change waiting on a read issued before it has been made,
 * and one round writes them all (a batch chunk: each changed block put once). Changes made while a
 * round runs wait for the next, issued from the success callback of the round before, while the
 * transaction is still active. `flush` resolves once the round holding the change has been written,
 * so the transaction cannot commit before every change is in a put.
 */
interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class WriteRounds {
  private inFlight = false;
  private waiting: Waiter[] = [];
  /** The waiters of the round being written. */
  private written: Waiter[] = [];

  constructor(
    /** A cheap read: the round starts when it completes. */
    private readonly gather: () => Promise<unknown>,
    /** Issues the puts and deletes of everything changed since the last round. */
    private readonly issueWrites: () => Promise<unknown>[],
  ) {}

  /** A round is running, or waiting for its read, or changes wait for one. */
  busy(): boolean {
    return this.inFlight || this.waiting.length > 0;
  }

  /** Resolves once everything changed so far is written. */
  flush(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.inFlight) this.startRound(true);
    });
  }

  private startRound(gather: boolean): void {
    this.inFlight = true;
    let writes: Promise<Waiter[]>;
    try {
      writes = gather ? this.gather().then(() => this.write()) : this.write();
    } catch (error) {
      // The transaction has ended (aborted, or committed early by a foreign await).
      writes = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    writes.then(
      (waiters) => {
        this.inFlight = false;
        for (const waiter of waiters) waiter.resolve();
        if (this.waiting.length > 0) this.startRound(false);
      },
      (error: unknown) => {
        this.inFlight = false;
        const all = [...this.written, ...this.waiting];
        this.written = [];
        this.waiting = [];
        for (const waiter of all) waiter.reject(error);
      },
    );
  }

  private async write(): Promise<Waiter[]> {
    const waiters = this.waiting;
    this.waiting = [];
    this.written = waiters;
    await Promise.all(this.issueWrites());
    this.written = [];
    return waiters;
  }
}
