// The shape every benchmark returns: figures with their goals, grouped in sections.
/** One figure of the report: a measured value, its goal and whether it meets it. */
export interface Figure {
  /** What was measured. */
  name: string;
  /** The value, already rounded for display. */
  value: string;
  /** The goal, in words ("≤ 1.10x"), or empty when the figure is informative only. */
  goal: string;
  /** Pass, fail, or undefined when there is no goal. */
  pass: boolean | undefined;
}

/** One benchmark's results. */
export interface Section {
  id: string;
  title: string;
  /** How it was measured, in one or two sentences. */
  method: string;
  figures: Figure[];
  /** Free-form remarks (why a goal is missed, what bounds a figure). */
  notes?: string[];
  /** A table shown with the section's method (the side-by-side view of the peers). */
  table?: { header: string[]; rows: string[][] };
}
