/**
 * How many items of each queue My Tasks lists, oldest first. A queue holding more is named with a link
 * to its own page, where every item is paged: a list of hundreds is no one's to-do list.
 */
export const TASKS_SHOWN_PER_QUEUE = 10;
