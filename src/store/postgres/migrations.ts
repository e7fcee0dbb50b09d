/**
 * Schema versions, applied in order and recorded in `schema_migrations`. The tables are those of
 * the SQLite adapter (src/store/sqlite/migrations.ts) with PostgreSQL's types: money in integer
 * cents (`bigint` where a total can grow), dates as `date`, JSON as `jsonb`. PostgreSQL started
 * from SQLite's current schema, so its version numbers count on their own. Never edit a migration
 * that has shipped: append a new one.
 */
/**
 * Compresses the stored quotes' column with lz4 where the server is built with it (PostgreSQL 14
 * and later); elsewhere it keeps pglz. Two migrations set it: the one that introduced it, and the
 * one that changed the column's type, which starts again from the server's default. Its text is
 * the same in both, as when each shipped.
 */
const QUOTES_IN_LZ4 = `  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings
        WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
      ALTER TABLE quotes ALTER COLUMN quote SET COMPRESSION lz4;
    END IF;
  END
  $$;
`

export const MIGRATIONS: string[] = [
  `
  CREATE TABLE depots (
    id integer PRIMARY KEY,
    name text NOT NULL,
    active boolean NOT NULL,
    opening_hours text NOT NULL,
    pickup_times jsonb NOT NULL,
    drop_off_times jsonb NOT NULL,
    annual_closures jsonb NOT NULL,
    closures jsonb NOT NULL
  );
  CREATE TABLE vehicles (
    id integer PRIMARY KEY,
    name text NOT NULL,
    vehicle_class text NOT NULL,
    image text NOT NULL,
    minimum_days jsonb NOT NULL,
    daily_rates_cents jsonb NOT NULL
  );
  CREATE TABLE vehicle_units (
    vehicle_id integer NOT NULL REFERENCES vehicles (id),
    depot_id integer NOT NULL REFERENCES depots (id),
    units integer NOT NULL CHECK (units >= 0),
    PRIMARY KEY (vehicle_id, depot_id),
    -- What booked_days.units_stocked refers to, so that it can only ever be the real stock.
    UNIQUE (vehicle_id, depot_id, units)
  );
  CREATE TABLE seasons (
    id text PRIMARY KEY,
    position integer NOT NULL,
    name text NOT NULL,
    periods jsonb NOT NULL
  );
  CREATE TABLE rate_bands (
    position integer PRIMARY KEY,
    min_days integer NOT NULL,
    max_days integer
  );
  CREATE TABLE routes (
    from_depot_id integer NOT NULL REFERENCES depots (id),
    to_depot_id integer NOT NULL REFERENCES depots (id),
    fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
    PRIMARY KEY (from_depot_id, to_depot_id)
  );
  CREATE TABLE accessories (
    id integer PRIMARY KEY,
    name text NOT NULL,
    price_cents bigint NOT NULL CHECK (price_cents >= 0),
    per text NOT NULL CHECK (per IN ('day', 'rental')),
    max_charge_cents bigint,
    max_quantity integer NOT NULL,
    vehicle_classes jsonb,
    months jsonb
  );
  CREATE TABLE insurance_plans (
    id integer PRIMARY KEY,
    name text NOT NULL,
    description text NOT NULL,
    price_cents bigint NOT NULL CHECK (price_cents >= 0),
    per text NOT NULL CHECK (per IN ('day', 'rental')),
    max_charge_cents bigint,
    excess_cents bigint NOT NULL,
    vehicle_classes jsonb
  );
  CREATE TABLE bookings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference text NOT NULL UNIQUE,
    vehicle_id integer NOT NULL REFERENCES vehicles (id),
    pick_up_depot_id integer NOT NULL REFERENCES depots (id),
    drop_off_depot_id integer NOT NULL REFERENCES depots (id),
    pick_up_date date NOT NULL,
    drop_off_date date NOT NULL,
    customer jsonb,
    quote_id text,
    total_cents bigint,
    price jsonb,
    created_at timestamptz
  );
  -- One row per vehicle, depot and day with the units booked that day: the row that concurrent
  -- bookings of the same day lock in turn, and whose CHECK refuses the one that would oversell.
  -- units_stocked copies vehicle_units.units, and the foreign key over (vehicle, depot, units)
  -- keeps the copy exact: it cannot be written wrong, and a change of stock cascades into it
  -- (and is refused by the CHECK when it would leave fewer units than are booked).
  CREATE TABLE booked_days (
    depot_id integer NOT NULL,
    vehicle_id integer NOT NULL,
    day date NOT NULL,
    units_booked integer NOT NULL CHECK (units_booked >= 0),
    units_stocked integer NOT NULL,
    PRIMARY KEY (depot_id, vehicle_id, day),
    CONSTRAINT booked_days_stock FOREIGN KEY (vehicle_id, depot_id, units_stocked)
      REFERENCES vehicle_units (vehicle_id, depot_id, units) ON UPDATE CASCADE,
    CONSTRAINT booked_days_within_stock CHECK (units_booked <= units_stocked)
  );
  CREATE TABLE quotes (
    id text PRIMARY KEY,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    quote jsonb NOT NULL
  );
  CREATE INDEX quotes_by_expiry ON quotes (expires_at);
  `,
  // As SQLite's third version: the company's name and the catalogue's version, which running
  // instances poll to reload the catalogue after an import.
  `
  CREATE TABLE fleet_meta (
    id integer PRIMARY KEY CHECK (id = 1),
    company_name text NOT NULL,
    version bigint NOT NULL
  );
  INSERT INTO fleet_meta SELECT 1, 'Rental company', 1 WHERE EXISTS (SELECT 1 FROM depots);
  CREATE INDEX bookings_by_pick_up_date ON bookings (pick_up_date);
  `,
  // As SQLite's fourth version: the company, the depots' facts and the vehicles' facts.
  `
  ALTER TABLE fleet_meta ADD COLUMN company jsonb;
  ALTER TABLE depots ADD COLUMN address text;
  ALTER TABLE depots ADD COLUMN latitude double precision;
  ALTER TABLE depots ADD COLUMN longitude double precision;
  ALTER TABLE depots ADD COLUMN phone text;
  ALTER TABLE depots ADD COLUMN directions text;
  ALTER TABLE depots ADD COLUMN email text;
  ALTER TABLE vehicles ADD COLUMN facts jsonb NOT NULL DEFAULT '{}';
  `,
  // As SQLite's fifth version: times, status and history of bookings (no longer tied to their
  // vehicle and depots by foreign key), one booking per quote, the token hashes, and the outbox.
  `
  ALTER TABLE bookings DROP CONSTRAINT bookings_vehicle_id_fkey,
    DROP CONSTRAINT bookings_pick_up_depot_id_fkey,
    DROP CONSTRAINT bookings_drop_off_depot_id_fkey;
  ALTER TABLE bookings ADD COLUMN pick_up_time text;
  ALTER TABLE bookings ADD COLUMN drop_off_time text;
  ALTER TABLE bookings ADD COLUMN status text NOT NULL DEFAULT 'confirmed'
    CHECK (status IN ('confirmed', 'cancelled'));
  ALTER TABLE bookings ADD COLUMN cancelled_at timestamptz;
  ALTER TABLE bookings ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('traveller', 'operator'));
  ALTER TABLE bookings ADD COLUMN cancel_reason text;
  ALTER TABLE bookings ADD COLUMN checkout_token_hash text;
  ALTER TABLE bookings ADD COLUMN manage_token_hash text;
  UPDATE bookings SET quote_id = NULL
    WHERE quote_id IS NOT NULL
      AND id <> (SELECT min(id) FROM bookings AS first WHERE first.quote_id = bookings.quote_id);
  CREATE UNIQUE INDEX bookings_by_quote ON bookings (quote_id);
  CREATE UNIQUE INDEX bookings_by_manage_token ON bookings (manage_token_hash);
  CREATE TABLE outbox (
    id text PRIMARY KEY,
    created_at timestamptz NOT NULL,
    booking_reference text,
    channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
    message jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    claimed_until timestamptz,
    delivered_at timestamptz,
    failed_at timestamptz,
    last_error text
  );
  CREATE INDEX outbox_due ON outbox (next_attempt_at)
    WHERE delivered_at IS NULL AND failed_at IS NULL;
  `,
  // As SQLite's seventh version: the company's rental terms.
  `
  ALTER TABLE fleet_meta ADD COLUMN terms jsonb;
  ALTER TABLE depots ADD COLUMN after_hours jsonb;
  ALTER TABLE insurance_plans ADD COLUMN bond_cents bigint;
  `,
  // As SQLite's eighth version: agents' bookings and quote counts.
  `
  ALTER TABLE bookings ADD COLUMN agent_ref text;
  CREATE TABLE agent_quotes (
    agent_ref text NOT NULL,
    month text NOT NULL,
    quotes bigint NOT NULL,
    PRIMARY KEY (agent_ref, month)
  );
  `,
  // As SQLite's ninth version: one booking per checkout.
  `
  UPDATE bookings SET checkout_token_hash = NULL
    WHERE checkout_token_hash IS NOT NULL
      AND id <> (SELECT min(id) FROM bookings AS first
                 WHERE first.checkout_token_hash = bookings.checkout_token_hash);
  CREATE UNIQUE INDEX bookings_by_checkout_token ON bookings (checkout_token_hash);
  `,
  // As SQLite's tenth version: claim tokens, and delivered messages kept without their content.
  `
  ALTER TABLE outbox ADD COLUMN claim_token text;
  UPDATE outbox SET message = jsonb_build_object('channel', channel, 'id', id, 'to', '[]'::jsonb,
      'subject', message->'subject', 'text', '')
    WHERE delivered_at IS NOT NULL AND channel = 'email';
  UPDATE outbox SET message = jsonb_build_object('channel', channel, 'id', id,
      'type', message->'type', 'timestamp', message->'timestamp', 'data', 'null'::jsonb)
    WHERE delivered_at IS NOT NULL AND channel = 'webhook';
  `,
  // Every change of booked_days, and of the fleet's version, is announced on the channel
  // `booked_days` when it commits, whoever writes it (the service, the operator's commands, a
  // hand-written statement), so that each instance keeps its copy in memory exact
  // (booked-days-mirror.ts; the payload is read by booked-days-notice.ts). A payload carries the
  // writing transaction's id, a number counting the notices of that transaction (PostgreSQL drops
  // a notice identical to an earlier one of the same transaction, and two statements may write
  // the same figures), and either the rows written, as `depot,vehicle,day,units` with the day as
  // days since 1970-01-01 and a deleted row as 0 units, or `reload` for a change too large for a
  // notice's 8000 bytes.
  `
  CREATE FUNCTION announce_booked_days() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    notice integer := coalesce(
      nullif(current_setting('rental.booked_days_notices', true), ''), '0')::integer + 1;
    changed integer;
    body text;
  BEGIN
    PERFORM set_config('rental.booked_days_notices', notice::text, true);
    IF TG_OP = 'TRUNCATE' THEN
      body := 'reload';
    ELSE
      SELECT count(*) INTO changed FROM changed_days;
      IF changed = 0 THEN
        RETURN NULL;
      ELSIF changed > 300 THEN
        body := 'reload';
      ELSE
        SELECT string_agg(concat_ws(',', depot_id, vehicle_id, day - date '1970-01-01',
            CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE units_booked END), ';')
          INTO body FROM changed_days;
      END IF;
    END IF;
    PERFORM pg_notify('booked_days', concat_ws(' ', pg_current_xact_id(), notice, body));
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER booked_days_inserted AFTER INSERT ON booked_days
    REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION announce_booked_days();
  CREATE TRIGGER booked_days_updated AFTER UPDATE ON booked_days
    REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION announce_booked_days();
  CREATE TRIGGER booked_days_deleted AFTER DELETE ON booked_days
    REFERENCING OLD TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION announce_booked_days();
  CREATE TRIGGER booked_days_truncated AFTER TRUNCATE ON booked_days
    FOR EACH STATEMENT EXECUTE FUNCTION announce_booked_days();

  CREATE FUNCTION announce_fleet_version() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    notice integer := coalesce(
      nullif(current_setting('rental.booked_days_notices', true), ''), '0')::integer + 1;
  BEGIN
    PERFORM set_config('rental.booked_days_notices', notice::text, true);
    PERFORM pg_notify('booked_days', concat_ws(' ', pg_current_xact_id(), notice, 'fleet'));
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER fleet_version_changed AFTER INSERT OR UPDATE ON fleet_meta
    FOR EACH STATEMENT EXECUTE FUNCTION announce_fleet_version();
  `,
  // A stored quote's JSON is about 2 kB, just past where PostgreSQL compresses a row, and its
  // default compression (pglz) was a third of the server's CPU time per quote saved: lz4 does the
  // same job in a fraction of it (measured: 40 µs a quote down to 28). Servers built without lz4
  // keep pglz; the rows already written stay as they are.
  `
${QUOTES_IN_LZ4}  `,
  // The service's own settings the operator's commands read: the time zone it runs in.
  `
  CREATE TABLE service_settings (
    name text PRIMARY KEY,
    value text NOT NULL
  );
  `,
  // Quotes are kept as the JSON text the service wrote, not as jsonb: the server then copies a
  // quote rather than parsing and rebuilding it, about half its CPU time a quote saved (see
  // save-quotes.ts). Nothing reads inside a stored quote but the service. A quote of a few kB is
  // kept whole in its row, not compressed: quotes are swept soon after they expire, and
  // compressing each cost more CPU than the space it saved is worth. A longer one is compressed
  // with lz4 as before (a new column type starts from the server's default).
  `
  ALTER TABLE quotes ALTER COLUMN quote TYPE text USING quote::text;
  ALTER TABLE quotes SET (toast_tuple_target = 8160);
${QUOTES_IN_LZ4}  `,
  // Days of the week a depot is closed (a depot open on Saturdays but not on Sundays); null in
  // the rows of a fleet imported before: none.
  `
  ALTER TABLE depots ADD COLUMN weekly_closures jsonb;
  `,
  // The quote a website booking's checkout link was opened with, when the checkout priced it
  // again (a young driver's fee, an after-hours time): a UCP session made with that quote finds
  // its booking.
  `
  ALTER TABLE bookings ADD COLUMN opened_quote_id text;
  CREATE INDEX bookings_by_opened_quote ON bookings (opened_quote_id)
    WHERE opened_quote_id IS NOT NULL;
  `,
]
