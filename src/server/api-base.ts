// The path every API route answers under. Its own module so a feature's routes can build links to
// themselves (learning's material links) without importing the app that mounts them.
export const API_BASE = '/api/v1';
