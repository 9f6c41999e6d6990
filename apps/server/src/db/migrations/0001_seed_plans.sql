-- Plans and their feature flags (docs/design.md#design-plans). Operators may edit these rows; this migration runs once.
INSERT INTO "plans" ("id", "name", "text_entries", "image_entries", "audio_entries", "video_entries", "daily_entry_limit", "ai_insights_limit", "ai_coaching_limit", "ai_future_chat_limit", "can_share_entries", "can_send_future_messages") VALUES
  ('free', 'Free', true, true, false, false, 3, 2, 1, 1, false, false),
  ('basic', 'Basic', true, true, true, false, 10, 5, 3, 3, false, false),
  ('premium', 'Premium', true, true, true, true, 25, 20, 20, 20, true, true)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "subscription_plans" ("id", "plan_id", "name", "is_active") VALUES
  ('6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'premium', 'Premium', true)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
-- Premium prices in minor units (JPY has none). Annual is ten months' price: the BEST VALUE option.
-- The price ids are placeholders for the local checkout; operators replace them with their Stripe price ids.
INSERT INTO "stripe_prices" ("stripe_price_id", "subscription_plan_id", "currency", "interval", "amount") VALUES
  ('price_premium_gbp_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'GBP', 'month', 299),
  ('price_premium_gbp_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'GBP', 'year', 2990),
  ('price_premium_usd_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'USD', 'month', 399),
  ('price_premium_usd_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'USD', 'year', 3990),
  ('price_premium_eur_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'EUR', 'month', 349),
  ('price_premium_eur_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'EUR', 'year', 3490),
  ('price_premium_aud_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'AUD', 'month', 599),
  ('price_premium_aud_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'AUD', 'year', 5990),
  ('price_premium_inr_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'INR', 'month', 29900),
  ('price_premium_inr_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'INR', 'year', 299000),
  ('price_premium_aed_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'AED', 'month', 1499),
  ('price_premium_aed_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'AED', 'year', 14990),
  ('price_premium_cny_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'CNY', 'month', 2800),
  ('price_premium_cny_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'CNY', 'year', 28000),
  ('price_premium_jpy_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'JPY', 'month', 600),
  ('price_premium_jpy_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'JPY', 'year', 6000),
  ('price_premium_cad_month', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'CAD', 'month', 499),
  ('price_premium_cad_year', '6f1c2a3e-6a4b-4f55-9d0e-3b7a1c9e2d10', 'CAD', 'year', 4990)
ON CONFLICT ("stripe_price_id") DO NOTHING;
