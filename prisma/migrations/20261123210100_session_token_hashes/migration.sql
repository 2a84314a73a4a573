-- Sessions are now stored by the SHA-256 (hex) of their token; the cookie keeps the token.
-- Existing rows are hashed in place, the same way the app hashes a cookie's token, so
-- everyone signed in stays signed in and no plaintext token remains in the table.
UPDATE "sessions" SET "session_token" = encode(sha256(convert_to("session_token", 'UTF8')), 'hex');
