// A bounded memory of recently delivered ids (oldest forgotten first).
//
// A ring of the last `capacity` additions and a map from each id to its latest addition, so that
// `add` costs O(1). (Forgetting through `Set.prototype.values().next()` on a set whose oldest
// entries keep being deleted walks over the deleted slots every time: about 10 ms per 1000 ids at a
// capacity of 10,000, the export's largest cost.)

/** Remembers up to `capacity` ids. */
export class RecentIds {
  /** Each id held, with the number of its latest addition. */
  private readonly latest = new Map<string, number>();
  /** The last `capacity` additions, oldest at `added % capacity`. */
  private readonly ring: (string | undefined)[] = [];
  private added = 0;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity));
  }

  has(id: string): boolean {
    return this.latest.has(id);
  }

  /** Remembers `id` as the most recent (again, if it was already held). */
  add(id: string): void {
    const slot = this.added % this.capacity;
    const oldest = this.ring[slot];
    // The addition leaving the ring: forget its id unless that id was added again since.
    if (oldest !== undefined && this.latest.get(oldest) === this.added - this.capacity)
      this.latest.delete(oldest);
    this.ring[slot] = id;
    this.latest.set(id, this.added);
    this.added++;
  }
}
