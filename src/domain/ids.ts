/**
 * An id as agents must write it: a positive whole number in plain decimal, at most 10 digits so
 * that it converts exactly. `07`, `7.0`, `0x7`, `1e1` and ` 7` are refused.
 */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/
