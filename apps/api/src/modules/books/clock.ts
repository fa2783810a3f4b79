/** The books' clock: the moment postings and decisions are dated by (tests and the clock offset move it). */
export interface BooksClock {
  /** Now, on the books' clock. */
  now(): Date;
}
