-- Key rotation: while a client changes over to a new key, the old one stays valid until
-- `expires_at` (Unix seconds), then stops working as if revoked (`orrery keys rotate`).
ALTER TABLE api_keys ADD COLUMN expires_at BIGINT;
