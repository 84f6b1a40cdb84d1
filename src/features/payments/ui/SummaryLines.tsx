// The checkout summary's lines (docs/product.md#course-pages, 'Checkout'): Price, Discount and Total.
// Without a code, the course's price, a blank Discount and a Total equal to the price, as the page
// is built; with a code the server has priced, its discount, the scholarship's name and partner, and
// the total the student will pay. A polite live region: a screen reader hears the new lines when a
// code is applied or removed.
import { useStore } from '@nanostores/react';
import { formatNaira } from '#lib/format.ts';
import { $appliedCode } from '../stores.ts';

/** Whole naira as course prices show them; kobo only when a percentage leaves some. */
const naira = (amount: number | string) => formatNaira(amount, { decimals: Number(amount) % 1 === 0 ? 0 : 2 });

export function SummaryLines({ price }: { price: number }) {
  const applied = useStore($appliedCode);
  const quote = applied?.quote;
  const scholarship = quote?.scholarship;
  return (
    <dl className="summary-lines" aria-live="polite" aria-atomic="true">
      <div>
        <dt>Price</dt>
        <dd>{naira(quote?.price ?? price)}</dd>
      </div>
      <div>
        <dt>Discount</dt>
        <dd>
          {quote && `−${naira(quote.discount)}`}
          {scholarship && (
            <span className="summary-scholarship">
              {scholarship.name} ({scholarship.partner_name})
            </span>
          )}
        </dd>
      </div>
      <div className="summary-total">
        <dt>Total</dt>
        <dd>{naira(quote?.total ?? price)}</dd>
      </div>
    </dl>
  );
}
