/** Spec 001 §5: the settings avatar takes PNG and JPEG only. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;

const MEGABYTE = 1024 * 1024;

export function isValidAvatar(file: Pick<File, 'type' | 'size'>, sizeLimit: number): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= sizeLimit;
}

/** The limit as the toast says it: "2" for 2 MB, "1.5" for 1.5 MB. */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / MEGABYTE) * 100) / 100);
}
