// A picture already in content/ shows in its field, not a blank square. Decap's image field asks for
// the picture once; while the picture loads it gets an empty placeholder ('empty.svg') and is not
// asked again. Until the picture is there, the field is asked again a few times a second (at most
// ten seconds), each time with a new function, which is what makes it look again.
/* global CMS, createClass, h */

const PLACEHOLDER = 'empty.svg';
const image = CMS.getWidget('image');

const ImageShown = createClass({
  getInitialState() {
    return { tries: 0 };
  },
  // Decap's field asks the control it holds whether to update; the image field's own answer would
  // miss a picture chosen in the media library, since that is not a prop of this wrapper's.
  shouldComponentUpdate() {
    return true;
  },
  componentWillUnmount() {
    clearTimeout(this.timer);
  },
  isValid() {
    return this.inner?.isValid ? this.inner.isValid() : true;
  },
  render() {
    const { getAsset } = this.props;
    const { tries } = this.state;
    const lookAgain = (path, field) => {
      const asset = getAsset(path, field);
      if (asset?.path === PLACEHOLDER && tries < 40) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.setState({ tries: tries + 1 }), 250);
      }
      return asset;
    };
    return h(image.control, {
      ...this.props,
      getAsset: lookAgain,
      ref: (inner) => {
        this.inner = inner;
      },
    });
  },
});

// Not `...image`: its own `control` would win over controlComponent.
CMS.registerWidget({
  name: 'image',
  controlComponent: ImageShown,
  previewComponent: image.preview,
  schema: image.schema,
  globalStyles: image.globalStyles,
  allowMapValue: image.allowMapValue,
});
