-- One session per claim (decision 039): the first cookie-less write that carries a claim opens a session here; every
-- other write with that claim and no session joins it while the claim is young. Kept a day, then purged: long enough
-- that a claim can never open a second session, short enough to keep the table small.
CREATE TABLE session_claims (
  claim_digest text PRIMARY KEY,
  session_id text NOT NULL,
  opened_at timestamptz NOT NULL
);
CREATE INDEX session_claims_opened_at ON session_claims (opened_at);
