/**
 * Props for the trees people click quickly (pickers, side trees, the authorize tree): groups open at once,
 * without antd's slide motion. While a group slides open, the tree renders its rows inside a wrapper
 * that it swaps for plain rows when the motion ends, so a click pressed across that swap is lost
 * (mousedown on the old row, mouseup on the new one: the browser fires no click). On a loaded
 * machine the role picker lost 2 picks in 30 this way, right after switching tabs.
 */
export const instantTree = { motion: false } as const;
