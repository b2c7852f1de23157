Pod::Spec.new do |spec|
  spec.name         = "Storage" # the development pod of the app's models
  spec.version      = "1.0.0"
  spec.source_files = [
    'modules/Storage/Storage/**/*.{h,m,swift}',
  ]
  spec.dependency 'RealmSwift', '~> 10.50'
end
