-- The documented default plans (README, "Plans"). `orrery plans set` changes them later;
-- this migration runs once, so it never overwrites an operator's change.
INSERT INTO plans (code, label, requests_per_hour) VALUES
    ('demo', 'Demo (playground)', 1000),
    ('free', 'Free', 250),
    ('pro', 'Pro', 10000),
    ('enterprise', 'Enterprise', 100000);
