/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { pawlineSystem } from '../theme/pawline-system';
import { RatingDialog, type RatingDialogTexts } from './RatingDialog';

const texts: RatingDialogTexts = {
  title: 'How do you like Pawline?',
  text: 'Stars?',
  annotation: 'Tell us more',
  noThanks: 'No Thanks',
  rate: 'Rate',
  endTitle: 'Thank you!',
  endText: 'Thank you for your feedback.',
  close: 'Close',
  star: (n) => `${n} stars`,
};

function mount(send: jest.Mock, onError = jest.fn(), onDone = jest.fn()) {
  render(
    <ChakraProvider value={pawlineSystem}>
      <RatingDialog open texts={texts} send={send} onError={onError} onDone={onDone} />
    </ChakraProvider>,
  );
  return { onError, onDone };
}

describe('RatingDialog', () => {
  it("R4.07 R7.02 'No Thanks' sends -1, closes and ignores the call's error", async () => {
    const send = jest.fn().mockRejectedValue(new Error('offline'));
    const { onError, onDone } = mount(send);
    fireEvent.click(await screen.findByTestId('rating-no-thanks'));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ rating: -1, annotation: '' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(onError).not.toHaveBeenCalled();
  });

  it("R4.07 'Rate' does nothing without stars, then sends the stars and shows the end dialog", async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    mount(send);
    fireEvent.click(await screen.findByTestId('rating-rate'));
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('rating-star-4'));
    fireEvent.change(screen.getByLabelText('Tell us more'), { target: { value: ' great ' } });
    fireEvent.click(screen.getByTestId('rating-rate'));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ rating: 4, annotation: 'great' }));
    expect(await screen.findByTestId('rating-end')).toBeTruthy();
  });

  it('R7.02 a failing rating (not a skip) is reported', async () => {
    const send = jest.fn().mockRejectedValue(new Error('server down'));
    const { onError } = mount(send);
    fireEvent.click(await screen.findByTestId('rating-star-5'));
    fireEvent.click(screen.getByTestId('rating-rate'));
    await waitFor(() => expect(onError).toHaveBeenCalled());
  });
});
