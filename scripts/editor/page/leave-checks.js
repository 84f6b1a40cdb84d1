// Each field says what is wrong with it when it is left, not only at Publish: Decap checks a field on
// leaving it only when it has a pattern and a value, so an emptied required field or a number out of
// its bounds said nothing until Publish. Each text and number field is wrapped to run Decap's own
// checks (required, pattern, bounds) when it loses focus.
/* global CMS, createClass, h */

function checkedOnLeave(name) {
  const widget = CMS.getWidget(name);
  if (!widget) return;
  const Control = widget.control;
  const Checked = createClass({
    // Decap asks the control it holds for isValid: ask the wrapped one.
    isValid() {
      return this.inner?.isValid ? this.inner.isValid() : true;
    },
    render() {
      return h(Control, {
        ...this.props,
        ref: (inner) => {
          this.inner = inner;
        },
        setInactiveStyle: () => {
          this.props.setInactiveStyle();
          this.props.validate();
        },
      });
    },
  });
  // Not `...widget`: its own `control` would win over controlComponent.
  const { preview, schema, globalStyles, allowMapValue } = widget;
  CMS.registerWidget({ name, controlComponent: Checked, previewComponent: preview, schema, globalStyles, allowMapValue });
}

for (const name of ['string', 'text', 'number']) checkedOnLeave(name);
