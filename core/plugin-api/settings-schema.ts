/** One problem found in a plugin's settings, with the path inside those settings. */
export interface SettingsIssue {
  /** The keys leading to the bad value, outermost first. */
  path: PropertyKey[];
  /** What is wrong, for an operator to read. */
  message: string;
}

/** A schema the registry validates settings with (zod's safeParse shape, so zod schemas fit). */
export interface SettingsSchema<T> {
  /** Never throws: the parsed settings, or every issue found. */
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: SettingsIssue[] } };
}
