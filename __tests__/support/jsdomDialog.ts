// jsdom has no <dialog> modality: what the browser's showModal/close do to the element, for every DOM
// test (src/ui/Dialog.tsx relies on them). Registered as a setup file of the `dom` project.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
