; The GIMP-made PSD files of tests/data/psd (run by scripts/make_test_psds.sh through
; gimp-console's batch mode). One puppet: layers with offsets, soft edges, groups nested two
; deep, a hidden layer, opacities, a multiply layer and the tags the import reads, saved at 8
; and at 16 bits (with a gradient for samples 8 bits cannot hold). GIMP writes RLE channels
; whatever its compression argument says.

; A layer of `w` x `h` at (`x`, `y`) inside `parent` (0: the top level), on top of it.
(define (puppet-layer img parent name x y w h opacity)
  (let ((l (car (gimp-layer-new img w h RGBA-IMAGE name opacity LAYER-MODE-NORMAL))))
    (gimp-image-insert-layer img l parent 0)
    (gimp-layer-set-offsets l x y)
    l))

(define (puppet-group img parent name)
  (let ((g (car (gimp-layer-group-new img))))
    (gimp-image-insert-layer img g parent 0)
    (gimp-item-set-name g name)
    g))

; Fills an ellipse (image coordinates) of `layer` with `colour`, antialiased.
(define (puppet-ellipse img layer colour x y w h)
  (gimp-context-set-foreground colour)
  (gimp-context-set-antialias TRUE)
  (gimp-image-select-ellipse img CHANNEL-OP-REPLACE x y w h)
  (gimp-drawable-edit-fill layer FILL-FOREGROUND)
  (gimp-selection-none img))

(define (puppet-rectangle img layer colour x y w h)
  (gimp-context-set-foreground colour)
  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE x y w h)
  (gimp-drawable-edit-fill layer FILL-FOREGROUND)
  (gimp-selection-none img))

(define (make-puppet path sixteen)
  (let* ((img (car (gimp-image-new 240 320 RGB)))
         (shadow (puppet-layer img 0 "shadow" 40 280 160 40 50))
         (body (puppet-group img 0 "body"))
         (torso (puppet-layer img body "torso" 70 120 100 130 80))
         (arm (puppet-group img body "arm"))
         (upper (puppet-layer img arm "upper arm" 150 130 60 40 100))
         (fore (puppet-layer img arm "forearm [mesh]" 180 150 50 80 100))
         (head (puppet-layer img body "head" 80 30 90 90 100))
         (hat (puppet-layer img 0 "hat" 90 0 70 40 100))
         (notes (puppet-layer img 0 "notes [ignore]" 0 0 60 20 100))
         (eyes (puppet-group img 0 "eyes [slot]"))
         (open (puppet-layer img eyes "open" 100 60 50 20 100))
         (closed (puppet-layer img eyes "closed" 100 60 50 20 100))
         (empty (puppet-layer img 0 "empty" 10 300 20 10 100)))
    (puppet-ellipse img shadow '(20 20 40) 45 285 150 30)
    (gimp-layer-set-mode shadow LAYER-MODE-MULTIPLY)
    (puppet-ellipse img torso '(40 120 200) 75 125 90 120)
    (gimp-item-set-visible hat FALSE)
    (puppet-rectangle img hat '(90 40 10) 95 5 60 30)
    (puppet-rectangle img notes '(255 255 0) 2 2 50 15)
    (puppet-rectangle img upper '(230 180 140) 155 138 50 22)
    (puppet-ellipse img fore '(220 170 130) 185 155 40 70)
    (puppet-ellipse img head '(240 200 160) 85 35 80 80)
    (puppet-rectangle img open '(30 30 30) 105 65 12 8)
    (puppet-rectangle img open '(30 30 30) 133 65 12 8)
    (puppet-rectangle img closed '(30 30 30) 105 69 12 2)
    (puppet-rectangle img closed '(30 30 30) 133 69 12 2)
    (gimp-item-set-visible closed FALSE)
    (gimp-layer-set-opacity arm 90)
    (if (= sixteen 1)
        (begin
          (gimp-image-convert-precision img PRECISION-U16-GAMMA)
          (let ((sky (puppet-layer img 0 "sky" 0 0 240 100 100)))
            (gimp-image-lower-item-to-bottom img sky)
            (gimp-context-set-foreground '(10 40 200))
            (gimp-context-set-background '(250 250 255))
            (gimp-drawable-edit-gradient-fill sky GRADIENT-LINEAR 0 FALSE 1 0 TRUE 0 0 0 100))))
    (file-psd-save RUN-NONINTERACTIVE img empty path path 1 0)
    (gimp-image-delete img)))

; The walk-through's character (docs/user-guide.md, "From a PSD to a bending puppet"): one group
; "body" holding a torso, a red arm drawn straight out to the right as one picture (shoulder at
; (160, 182), hand at (300, 182)), and a head with its face painted on; the arm and the head
; tagged [mesh]. 8 bits, RLE.
(define (make-character path)
  (let* ((img (car (gimp-image-new 320 360 RGB)))
         (body (puppet-group img 0 "body"))
         (torso (puppet-layer img body "torso" 80 140 120 200 100))
         (arm (puppet-layer img body "arm [mesh]" 140 160 180 44 100))
         (head (puppet-layer img body "head [mesh]" 70 20 140 140 100)))
    (puppet-ellipse img torso '(40 120 200) 90 150 100 180)
    (puppet-rectangle img arm '(220 40 40) 150 170 145 24)
    (puppet-ellipse img arm '(220 40 40) 285 166 30 32)
    (puppet-ellipse img head '(240 200 160) 80 30 120 120)
    (puppet-rectangle img head '(30 30 30) 108 70 14 12)
    (puppet-rectangle img head '(30 30 30) 158 70 14 12)
    (puppet-rectangle img head '(150 40 40) 115 112 50 8)
    (file-psd-save RUN-NONINTERACTIVE img head path path 1 0)
    (gimp-image-delete img)))
