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
]
