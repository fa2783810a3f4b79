import { PlainAlert } from '../components/plain/plain-alert';
import plainStyles from '../components/plain/plain.module.css';
import { useMovedClockNotice } from '../lib/books-clock';

/**
 * While CLOCK_OFFSET_DAYS moves the books' clock (a month end rehearsed on a copy of the data), every
 * page says so, with the books' day. Drawn with plain parts: it sits on the members' first screen too.
 */
export function MovedClockBanner() {
  const notice = useMovedClockNotice();
  if (!notice) return null;
  return (
    <PlainAlert severity="warning" className={plainStyles.spacedBelow}>
      {notice}
    </PlainAlert>
  );
}
