/**
 * Schema versions, applied in order and recorded in `PRAGMA user_version`. Money columns hold
 * integer cents. `booked_days` keeps, per vehicle, depot and day, how many units are booked, so an
 * availability check reads at most one row per rental day whatever the number of bookings.
 */
export const MIGRATIONS: string[] = [
  `
  CREATE TABLE depots (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    active INTEGER NOT NULL,
    opening_hours TEXT NOT NULL,
    pickup_times TEXT NOT NULL,
    drop_off_times TEXT NOT NULL,
    annual_closures TEXT NOT NULL,
    closures TEXT NOT NULL
  ) STRICT;
  CREATE TABLE vehicles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    vehicle_class TEXT NOT NULL,
    image TEXT NOT NULL,
    minimum_days TEXT NOT NULL,
    daily_rates_cents TEXT NOT NULL
  ) STRICT;
  CREATE TABLE vehicle_units (
    vehicle_id INTEGER NOT NULL REFERENCES vehicles (id),
    depot_id INTEGER NOT NULL REFERENCES depots (id),
    units INTEGER NOT NULL CHECK (units >= 0),
    PRIMARY KEY (vehicle_id, depot_id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE seasons (
    id TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    periods TEXT NOT NULL
  ) STRICT;
  CREATE TABLE rate_bands (
    position INTEGER PRIMARY KEY,
    min_days INTEGER NOT NULL,
    max_days INTEGER
  ) STRICT;
  CREATE TABLE routes (
    from_depot_id INTEGER NOT NULL REFERENCES depots (id),
    to_depot_id INTEGER NOT NULL REFERENCES depots (id),
    fee_cents INTEGER NOT NULL CHECK (fee_cents >= 0),
    PRIMARY KEY (from_depot_id, to_depot_id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE accessories (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    per TEXT NOT NULL CHECK (per IN ('day', 'rental')),
    max_charge_cents INTEGER,
    max_quantity INTEGER NOT NULL,
    vehicle_classes TEXT,
    months TEXT
  ) STRICT;
  CREATE TABLE insurance_plans (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    per TEXT NOT NULL CHECK (per IN ('day', 'rental')),
    max_charge_cents INTEGER,
    excess_cents INTEGER NOT NULL,
    vehicle_classes TEXT
  ) STRICT;
  CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    vehicle_id INTEGER NOT NULL REFERENCES vehicles (id),
    pick_up_depot_id INTEGER NOT NULL REFERENCES depots (id),
    drop_off_depot_id INTEGER NOT NULL REFERENCES depots (id),
    pick_up_date TEXT NOT NULL,
    drop_off_date TEXT NOT NULL
  ) STRICT;
  CREATE TABLE booked_days (
    depot_id INTEGER NOT NULL,
    vehicle_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    units_booked INTEGER NOT NULL CHECK (units_booked >= 0),
    PRIMARY KEY (depot_id, vehicle_id, day)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    quote TEXT NOT NULL
  ) STRICT;
  CREATE INDEX quotes_by_expiry ON quotes (expires_at);
  `,
  // Bookings made through the website keep who booked, the price they booked at and when.
  `
  ALTER TABLE bookings ADD COLUMN customer TEXT;
  ALTER TABLE bookings ADD COLUMN quote_id TEXT;
  ALTER TABLE bookings ADD COLUMN total_cents INTEGER;
  ALTER TABLE bookings ADD COLUMN price TEXT;
  ALTER TABLE bookings ADD COLUMN created_at TEXT;
  `,
  // The company's name and a version that every change of the catalogue bumps: running instances
  // poll the version and reload the catalogue when it moves. A fleet loaded before this version
  // had its name nowhere; it reads as a placeholder until the next import.
  `
  CREATE TABLE fleet_meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    company_name TEXT NOT NULL,
    version INTEGER NOT NULL
  ) STRICT;
  INSERT INTO fleet_meta SELECT 1, 'Rental company', 1 WHERE EXISTS (SELECT 1 FROM depots);
  CREATE INDEX bookings_by_pick_up_date ON bookings (pick_up_date);
  `,
  // Who the company is (its fleet file's company: contacts, logo, booking reference prefix), where
  // each depot is, and what each vehicle is like. A fleet loaded before has its name only.
  `
  ALTER TABLE fleet_meta ADD COLUMN company TEXT;
  ALTER TABLE depots ADD COLUMN address TEXT;
  ALTER TABLE depots ADD COLUMN latitude REAL;
  ALTER TABLE depots ADD COLUMN longitude REAL;
  ALTER TABLE depots ADD COLUMN phone TEXT;
  ALTER TABLE depots ADD COLUMN directions TEXT;
  ALTER TABLE depots ADD COLUMN email TEXT;
  ALTER TABLE vehicles ADD COLUMN facts TEXT NOT NULL DEFAULT '{}';
  `,
  // Bookings get their hand-over times and a status: a cancelled booking is kept, with when, by
  // whom and why. Being history, bookings no longer hold their vehicle and depots by foreign key
  // (SQLite drops one only by rebuilding the table): a vehicle whose bookings were all cancelled
  // can still be removed by an import, which checks the confirmed ones itself. A quote books at
  // most once (the unique index; a quote that an earlier version let book twice keeps its first
  // booking, the others lose the link to it). The checkout's and the manage link's tokens are
  // kept as hashes. The outbox holds each booking's and cancellation's messages, written in the
  // same transaction, until a sender has delivered them.
  `
  CREATE TABLE bookings_history (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    vehicle_id INTEGER NOT NULL,
    pick_up_depot_id INTEGER NOT NULL,
    drop_off_depot_id INTEGER NOT NULL,
    pick_up_date TEXT NOT NULL,
    drop_off_date TEXT NOT NULL,
    pick_up_time TEXT,
    drop_off_time TEXT,
    customer TEXT,
    quote_id TEXT,
    total_cents INTEGER,
    price TEXT,
    created_at TEXT,
    status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
    cancelled_at TEXT,
    cancelled_by TEXT CHECK (cancelled_by IN ('traveller', 'operator')),
    cancel_reason TEXT,
    checkout_token_hash TEXT,
    manage_token_hash TEXT
  ) STRICT;
  INSERT INTO bookings_history (id, reference, vehicle_id, pick_up_depot_id, drop_off_depot_id,
      pick_up_date, drop_off_date, customer, quote_id, total_cents, price, created_at)
    SELECT id, reference, vehicle_id, pick_up_depot_id, drop_off_depot_id, pick_up_date,
      drop_off_date, customer, quote_id, total_cents, price, created_at
    FROM bookings;
  DROP TABLE bookings;
  ALTER TABLE bookings_history RENAME TO bookings;
  CREATE INDEX bookings_by_pick_up_date ON bookings (pick_up_date);
  UPDATE bookings SET quote_id = NULL
    WHERE quote_id IS NOT NULL
      AND id <> (SELECT min(id) FROM bookings AS first WHERE first.quote_id = bookings.quote_id);
  CREATE UNIQUE INDEX bookings_by_quote ON bookings (quote_id);
  CREATE UNIQUE INDEX bookings_by_manage_token ON bookings (manage_token_hash);
  CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    booking_reference TEXT,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
    message TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claimed_until TEXT,
    delivered_at TEXT,
    failed_at TEXT,
    last_error TEXT
  ) STRICT;
  CREATE INDEX outbox_due ON outbox (next_attempt_at)
    WHERE delivered_at IS NULL AND failed_at IS NULL;
  `,
  // The company's rental terms (drivers, surcharges, promotions, distance, fuel, bonds, payment),
  // kept with the company as the fleet file gives them. A fleet loaded before reads the defaults.
  `
  ALTER TABLE fleet_meta ADD COLUMN terms TEXT;
  ALTER TABLE depots ADD COLUMN after_hours TEXT;
  ALTER TABLE insurance_plans ADD COLUMN bond_cents INTEGER;
  `,
  // Which agent sent a booking (its quote's agent_ref), and how many quotes each agent asked for
  // in a month (the company's own months): quotes are swept a day after they expire, the counts
  // are kept.
  `
  ALTER TABLE bookings ADD COLUMN agent_ref TEXT;
  CREATE TABLE agent_quotes (
    agent_ref TEXT NOT NULL,
    month TEXT NOT NULL,
    quotes INTEGER NOT NULL,
    PRIMARY KEY (agent_ref, month)
  ) STRICT, WITHOUT ROWID;
  `,
  // One checkout, one booking, whatever quote it comes with: a form token books at most once (a
  // checkout that an earlier version let book twice keeps its first booking).
  `
  UPDATE bookings SET checkout_token_hash = NULL
    WHERE checkout_token_hash IS NOT NULL
      AND id <> (SELECT min(id) FROM bookings AS first
                 WHERE first.checkout_token_hash = bookings.checkout_token_hash);
  CREATE UNIQUE INDEX bookings_by_checkout_token ON bookings (checkout_token_hash);
  `,
  // Each claim of outbox messages has a token of its own: a sender settles a message only while
  // its claim still holds it. Delivered messages keep no text, address or event data any more.
  `
  ALTER TABLE outbox ADD COLUMN claim_token TEXT;
  UPDATE outbox SET message = json_object('channel', channel, 'id', id, 'to', json('[]'),
      'subject', json_extract(message, '$.subject'), 'text', '')
    WHERE delivered_at IS NOT NULL AND channel = 'email';
  UPDATE outbox SET message = json_object('channel', channel, 'id', id,
      'type', json_extract(message, '$.type'), 'timestamp', json_extract(message, '$.timestamp'),
      'data', json('null'))
    WHERE delivered_at IS NOT NULL AND channel = 'webhook';
  `,
  // The service's own settings the operator's commands read: the time zone it runs in.
  `
  CREATE TABLE service_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  `,
  // Days of the week a depot is closed (a depot open on Saturdays but not on Sundays); null in
  // the rows of a fleet imported before: none.
  `
  ALTER TABLE depots ADD COLUMN weekly_closures TEXT;
  `,
  // The quote a website booking's checkout link was opened with, when the checkout priced it
  // again (a young driver's fee, an after-hours time): a UCP session made with that quote finds
  // its booking.
  `
  ALTER TABLE bookings ADD COLUMN opened_quote_id TEXT;
  CREATE INDEX bookings_by_opened_quote ON bookings (opened_quote_id)
    WHERE opened_quote_id IS NOT NULL;
  `,
]
