// docs/product.md#error-messages: what a person reads when a call fails.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  DEACTIVATED_MESSAGE,
  FALLBACK_MESSAGE,
  messageOf,
  NETWORK_MESSAGE,
  NetworkError,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './errors.ts';

describe('messageOf', () => {
  it("replaces a 500's message with 'Something went wrong, Please try again!' (capital P)", () => {
    expect(SERVER_ERROR_MESSAGE).toBe('Something went wrong, Please try again!');
    expect(messageOf(new ApiError(500, 'TypeError: cannot read properties of undefined'))).toBe('Something went wrong, Please try again!');
    expect(messageOf(new ApiError(502, 'Bad gateway'))).toBe('Something went wrong, Please try again!');
  });

  it("falls back to 'Something went wrong, please try again!' when there is no message", () => {
    expect(FALLBACK_MESSAGE).toBe('Something went wrong, please try again!');
    expect(messageOf(new ApiError(400, ''))).toBe('Something went wrong, please try again!');
    expect(messageOf(undefined)).toBe('Something went wrong, please try again!');
    expect(messageOf(new Error('internal detail'))).toBe('Something went wrong, please try again!');
    expect(messageOf('a string')).toBe('Something went wrong, please try again!');
  });

  it("shows the server's message for other answers", () => {
    expect(messageOf(new ApiError(409, 'An account with this email already exists'))).toBe('An account with this email already exists');
    expect(messageOf(new ApiError(401, DEACTIVATED_MESSAGE))).toBe('Admin account is deactivated, kindly contact support team');
    expect(messageOf(new ApiError(503, 'The service is busy, try again in a minute'))).toBe('The service is busy, try again in a minute');
  });

  it('says what happened for a timeout and for a lost connection', () => {
    expect(messageOf(new NetworkError(true))).toBe(TIMEOUT_MESSAGE);
    expect(messageOf(new NetworkError(false))).toBe(NETWORK_MESSAGE);
  });
});

describe('ApiError', () => {
  it('carries the status and the field errors', () => {
    const error = new ApiError(400, 'Invalid input', { email: ['Email must be valid'] });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: ['Email must be valid'] });
  });
});
