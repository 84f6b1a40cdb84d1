// The KYC form's countries: Nigeria first, then every other country by its English name. The names
// come from the browser's own Intl data, so only the ISO codes travel.
import type { SelectOption } from '#lib/forms/SelectField.tsx';

export const NIGERIA = 'Nigeria';

// ISO 3166-1 alpha-2 codes of the world's countries and territories, Nigeria's left out (it leads).
// prettier-ignore
const CODES = (
  'AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA CF TD CL CN CO KM CG CD CR CI ' +
  'HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HK HU IS IN ID IR IQ IE IL IT ' +
  'JM JP JO KZ KE KI KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR NP NL NZ NI ' +
  'NE KP MK NO OM PK PW PS PA PG PY PE PH PL PT PR QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA KR SS ES LK SD ' +
  'SR SE CH SY TW TJ TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VA VE VN YE ZM ZW'
).split(' ');

let cached: SelectOption[] | undefined;

export function countryOptions(): SelectOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const others = CODES.map((code) => names.of(code) ?? code).sort((a, b) => a.localeCompare(b, 'en'));
  cached = [NIGERIA, ...others].map((name) => ({ label: name, value: name }));
  return cached;
}
