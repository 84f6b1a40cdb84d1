// Record ids in paths and bodies are UUIDs (PostgreSQL's uuid type). Anything else is answered as
// "not found" before it reaches the database, where a malformed uuid would be an error, not a miss.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
