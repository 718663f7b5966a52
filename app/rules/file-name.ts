// File names people upload: no commas or apostrophes (they break download links); sizes shown in kB.

export const FILE_NAME_RULE = 'Please do not use any commas or apostrophes in the file name!'

/** True when the name is acceptable: no comma, straight apostrophe or typographic apostrophe. */
export function isAllowedFileName(name: string): boolean {
  return !/[,'\u2019\u2018]/.test(name)
}

/** Bytes as kilobytes with two decimals, e.g. 1536 → '1.50 kB'. */
export function formatKb(bytes: number): string {
  return `${(Math.max(0, bytes) / 1024).toFixed(2)} kB`
}
