/** The class names given, without the ones that are off (false, null, undefined or empty). */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
