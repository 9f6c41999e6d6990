-- Session tokens are stored only as their SHA-256, base64url without padding, exactly as `hashSessionToken`
-- (infra/auth/session-tokens.ts) computes it (ADR 055). The sessions that exist keep working: their cookies still
-- carry the token, whose hash is now what the column holds. Raw tokens are 32 characters and hashes 43, so the
-- unique index never sees a hash meet a token that is still raw while the statement runs.
UPDATE "sessions" SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');
