/*
 * What the account's route files share (ADR 100): their OpenAPI tag. Apart so that no route file imports another.
 * (The refusals a route may answer with are route()'s, ADR 106.)
 */
export const tags = ['account'];
