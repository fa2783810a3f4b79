/** Whether `pathname` is the entry's page or, unless `isExact`, a page below it. */
export function isPathActive(pathname: string, path: string, isExact = false): boolean {
  if (pathname === path) return true;
  return !isExact && pathname.startsWith(`${path}/`);
}
