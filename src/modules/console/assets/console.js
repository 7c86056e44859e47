/* global setTimeout, clearTimeout, FormData, navigator */
// The console's small enhancements; every page works without them.
// 1. Emails: as the form is typed, the unsaved texts are rendered (nothing is saved): the
//    subject, the text part and unknown placeholders come back as JSON, and the HTML part is
//    posted into the preview frame by the form's own "Preview without saving" button.
// 2. Brand: the sign-in page preview follows the fields as they are typed.
// 3. Copy buttons for client ids and secrets.
;(() => {
  const debounce = (fn, ms) => {
    let timer = 0
    return () => {
      clearTimeout(timer)
      timer = setTimeout(fn, ms)
    }
  }

  const emailForm = document.getElementById('email-form')
  if (emailForm && emailForm.dataset.draft) {
    const subject = document.getElementById('preview-subject')
    const text = document.getElementById('preview-text')
    const frameButton = emailForm.querySelector('button[formtarget="email-preview"]')
    const mark = (problems) => {
      for (const box of emailForm.querySelectorAll('[data-field]')) {
        const problem = problems.find((p) => p.field === box.dataset.field)
        const input = box.querySelector('input, textarea')
        let note = box.querySelector('.problem')
        box.classList.toggle('invalid', Boolean(problem))
        if (input) input.setAttribute('aria-invalid', problem ? 'true' : 'false')
        if (problem && !note) {
          note = document.createElement('p')
          note.className = 'hint problem'
          note.id = `${input.id}-problem`
          box.appendChild(note)
          input.setAttribute('aria-describedby', note.id)
        }
        // the sentence in the page's language, from the form (its {problem} filled here)
        if (note) note.textContent = problem ? (emailForm.dataset.problem || '{problem}').replace('{problem}', problem.message) : ''
      }
    }
    const refresh = debounce(async () => {
      const response = await fetch(emailForm.dataset.draft, { method: 'POST', body: new URLSearchParams(new FormData(emailForm)), credentials: 'same-origin' })
      if (!response.ok) return
      const draft = await response.json()
      subject.textContent = draft.subject
      text.textContent = draft.text
      mark(draft.problems)
      if (frameButton) emailForm.requestSubmit(frameButton)
    }, 300)
    emailForm.addEventListener('input', refresh)
  }

  const brandForm = document.getElementById('brand-form')
  const brandFrame = document.getElementById('brand-preview')
  if (brandForm && brandFrame) {
    const fields = ['name', 'logoUrl', 'buttonColor', 'textColor']
    brandForm.addEventListener('input', debounce(() => {
      const data = new FormData(brandForm)
      const query = new URLSearchParams(fields.map((name) => [name, String(data.get(name) ?? '')]))
      brandFrame.src = `${brandForm.dataset.preview}?${query}`
    }, 300))
  }

  for (const button of document.querySelectorAll('button[data-copy]')) {
    const source = document.getElementById(button.dataset.copy)
    if (!source || !navigator.clipboard) continue
    button.hidden = false
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(source.value)
      button.textContent = 'Copied'
    })
  }
})()
