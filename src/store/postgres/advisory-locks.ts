/**
 * Keys of the transaction-scoped advisory locks (`pg_advisory_xact_lock(namespace, key)`) that
 * make instances starting at the same moment take turns. The namespace keeps them apart from
 * other applications sharing the database; the lock is released when the transaction ends, so a
 * crashed instance never leaves one behind.
 */
const NAMESPACE = 482_017

/** Held while the schema is brought up to date. */
export const MIGRATION_LOCK = `pg_advisory_xact_lock(${NAMESPACE}, 1)`
/** Held while a whole fleet is written, so that it is loaded once and loads never interleave. */
export const FLEET_LOCK = `pg_advisory_xact_lock(${NAMESPACE}, 2)`
