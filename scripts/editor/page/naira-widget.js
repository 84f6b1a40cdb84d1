// The price field ('naira' widget, fields.ts): staff type naira as they write them ('195,000',
// '195000', '195000.00'); the field says under it what it will save, in the site's naira format,
// and refuses, saying why, what it cannot read (kobo, letters, a price out of bounds) when it is
// left and at Publish. Decap's number field read '195000.50' as 1950005 and saved it silently.
/* global CMS, createClass, h */
import { readNaira, savedAs } from '../naira.ts';

const grouped = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
const shown = (value) => (typeof value === 'number' ? grouped.format(value) : (value ?? ''));

const NairaControl = createClass({
  getInitialState() {
    return { text: shown(this.props.value) };
  },
  bounds() {
    return { min: this.props.field.get('min'), max: this.props.field.get('max') };
  },
  /** Decap asks this at Publish and, through validate(), when the field is left. */
  isValid() {
    if (!this.state.text.trim()) return true; // an empty price is Decap's own 'required' message
    const reading = readNaira(this.state.text, this.bounds());
    return 'problem' in reading ? { error: { type: 'CUSTOM', message: reading.problem } } : true;
  },
  handleChange(event) {
    const text = event.target.value;
    this.setState({ text });
    const reading = readNaira(text, this.bounds());
    // A price it can read is saved as the number; anything else stays text, which isValid refuses.
    this.props.onChange(!text.trim() ? '' : 'naira' in reading ? reading.naira : text);
  },
  handleBlur() {
    this.props.setInactiveStyle();
    this.props.validate();
  },
  render() {
    const { forID, classNameWrapper, setActiveStyle } = this.props;
    const reading = this.state.text.trim() ? readNaira(this.state.text, this.bounds()) : undefined;
    return h(
      'div',
      { className: 'naira-field' },
      h('input', {
        id: forID,
        type: 'text',
        inputMode: 'decimal',
        autoComplete: 'off',
        className: classNameWrapper,
        value: this.state.text,
        'aria-describedby': `${forID}-saved`,
        onChange: this.handleChange,
        onFocus: setActiveStyle,
        onBlur: this.handleBlur,
      }),
      h(
        'p',
        { id: `${forID}-saved`, className: 'naira-saved', 'aria-live': 'polite' },
        reading && 'naira' in reading ? savedAs(reading.naira) : '',
      ),
    );
  },
});

CMS.registerWidget('naira', NairaControl, (props) => h('span', null, shown(props.value)));
