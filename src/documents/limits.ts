/** Desired-state files are small; anything larger is a mistake (or an attack) and is refused unread. */
export const MAX_FILE_BYTES = 1024 * 1024;

export function tooLargeMessage(bytes: number): string {
  return `file is ${formatSize(bytes)}, over the ${formatSize(MAX_FILE_BYTES)} limit: refused`;
}

export function formatSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  const human =
    mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
  return `${human} (${bytes.toLocaleString('en-US')} bytes)`;
}
