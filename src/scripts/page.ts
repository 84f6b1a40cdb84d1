// The one script every page loads (about 4 KB): header, lazy images, video facades, the footer's
// newsletter form, the toast loader, and a flow's next step fetched ahead. One entry keeps it to one request with no import chain.
import { startToastLoader } from '#lib/toast/loader.ts';
import { startHeader } from './header.ts';
import { observeAddedLazyImages, observeLazyImages } from './lazy-images.ts';
import { enhanceNewsletterForms } from './newsletter-form.ts';
import { prefetchNextStep } from './next-step.ts';
import { enhanceVideoFacades } from './video-facade.ts';

startHeader();
observeLazyImages();
observeAddedLazyImages();
enhanceVideoFacades();
enhanceNewsletterForms();
startToastLoader();
prefetchNextStep();
