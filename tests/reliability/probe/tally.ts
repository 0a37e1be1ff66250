// What the probe counts: per category, how many requests it tried, the statuses they got, and
// every finding (a 5xx, a hang, lost state, a leaked secret, an answer that should not be).

/** One category of the probe (bad inputs, tokens, races, sessions). */
export interface Category {
  readonly name: string;
  tried: number;
  /** Outcome label (a status like `404`, or `hang`, `-32700`, ...) → count. */
  readonly outcomes: Map<string, number>;
  /** What went wrong, one line each. */
  readonly findings: string[];
}

/** The probe's tally: categories in the order they ran. */
export class Tally {
  readonly categories: Category[] = [];

  category(name: string): Category {
    let found = this.categories.find((c) => c.name === name);
    if (!found) {
      found = { name, tried: 0, outcomes: new Map(), findings: [] };
      this.categories.push(found);
    }
    return found;
  }

  /** Counts one try of `category` with its outcome. */
  count(category: string, outcome: string | number): void {
    const c = this.category(category);
    c.tried++;
    const key = String(outcome);
    c.outcomes.set(key, (c.outcomes.get(key) ?? 0) + 1);
  }

  /** Records a finding: the probe fails. */
  find(category: string, line: string): void {
    this.category(category).findings.push(line);
  }

  get findings(): string[] {
    return this.categories.flatMap((c) => c.findings.map((f) => `${c.name}: ${f}`));
  }

  get tried(): number {
    return this.categories.reduce((n, c) => n + c.tried, 0);
  }
}
