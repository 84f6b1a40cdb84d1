import { describe, expect, it } from 'vitest';
import { codesCsv } from './codes-csv.ts';

describe('codesCsv', () => {
  it('gives a header and one row per code, in CRLF records', () => {
    expect(codesCsv(['ABCDEFGH23', 'XYZWVUTS45'], { name: 'LSETF Fashion Skills 2027', partner: 'lsetf' })).toBe(
      'code,scholarship,partner\r\nABCDEFGH23,LSETF Fashion Skills 2027,lsetf\r\nXYZWVUTS45,LSETF Fashion Skills 2027,lsetf\r\n',
    );
  });

  it('defuses a name a spreadsheet would run as a formula, and quotes a comma', () => {
    const csv = codesCsv(['ABCDEFGH23'], { name: '=HYPERLINK("http://x.test","Win, now")', partner: 'ishk' });
    expect(csv.split('\r\n')[1]).toBe(`ABCDEFGH23,"'=HYPERLINK(""http://x.test"",""Win, now"")",ishk`);
  });
});
